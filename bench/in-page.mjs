// Runs inside the kiosk page (passed to page.evaluate): timing helpers on window.__bench.
export function inPage() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

  window.__bench = {
    /** Dispatches a key press the way the panel's keyboard driver does. */
    key(key) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    },

    /** ms from `act()` until `done()` holds and the next frame has been produced. */
    async time(act, done, timeout = 5000) {
      const t0 = performance.now();
      act();
      while (!done()) {
        if (performance.now() - t0 > timeout) throw new Error(`Timed out after ${timeout} ms`);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      await frame();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return performance.now() - t0;
    },

    /** The heading or resident row at the top of a scrolled list, if rendered. */
    rowAt(list) {
      const top = list.getBoundingClientRect().top + 1;
      return [...list.querySelectorAll('.directory-row')].find((row) => {
        const box = row.getBoundingClientRect();
        return box.top <= top && box.bottom > top;
      }) ?? null;
    },

    /** Scrolls `step` px every frame for `count` frames; returns the frame intervals. */
    async scrollFrames(list, count, step) {
      const times = [];
      let last = performance.now();
      for (let i = 0; i < count; i += 1) {
        list.scrollTop = (list.scrollTop + step) % (list.scrollHeight - list.clientHeight);
        await frame();
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return times;
    },

    /** Sends camera frames one at a time to the built QR worker and times each step. */
    async qrFrames(url, frames) {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 240 }, audio: false });
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = stream;
      await video.play();
      while (!video.videoWidth) await frame();
      const { videoWidth: width, videoHeight: height } = video;
      const canvas = Object.assign(document.createElement('canvas'), { width, height });
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const worker = new Worker(url, { type: 'module' });
      let id = 0;
      const decode = (image) =>
        new Promise((resolve) => {
          worker.onmessage = (event) => resolve(event.data);
          id += 1;
          worker.postMessage({ id, width, height, buffer: image.data.buffer }, [image.data.buffer]);
        });
      const run = async (blank) => {
        const result = { decodeMs: [], grab: [], roundTrip: [], decoded: 0 };
        for (let i = 0; i < frames + 5; i += 1) {
          const g0 = performance.now();
          context.drawImage(video, 0, 0, width, height);
          if (blank) {
            // The camera's picture without the code: what the scanner sees most of the time.
            context.fillStyle = '#ebebeb';
            context.fillRect(0, 0, width, height);
          }
          const image = context.getImageData(0, 0, width, height);
          const g1 = performance.now();
          const reply = await decode(image);
          const r1 = performance.now();
          if (i < 5) continue; // warm-up: module load and JIT
          result.grab.push(g1 - g0);
          result.roundTrip.push(r1 - g1);
          result.decodeMs.push(reply.decodeMs);
          if (reply.data) result.decoded += 1;
          await frame();
        }
        return result;
      };
      const code = await run(false);
      const blank = await run(true);
      worker.terminate();
      stream.getTracks().forEach((track) => track.stop());
      return {
        width,
        height,
        decoded: code.decoded,
        codeFrames: code.decodeMs,
        blankFrames: blank.decodeMs,
        grab: [...code.grab, ...blank.grab],
        roundTrip: [...code.roundTrip, ...blank.roundTrip],
      };
    },
  };
}
