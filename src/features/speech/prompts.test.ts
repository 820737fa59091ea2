import manifest from '../../../scripts/speech-manifest.json';
import { soundUrl } from '../../app/createServices';
import { SPOKEN_SOUNDS } from '../../services/sound/types';
import { LANGUAGES } from '../../strings/catalogue';
import { PANEL_MODELS } from '../session/models';
import spoken from '../../strings/speech.en.json';
import { NAMES_A_BUTTON, prompts } from './prompts';

const everyLink = { enterCode: true, scanQr: true, directory: true, callManager: true, delivery: false };

describe('spoken prompts', () => {
  it('asks only for clips that were recorded, in every language, for every model', () => {
    for (const language of LANGUAGES) {
      const recorded = new Set(Object.keys(manifest[language]));
      for (const model of PANEL_MODELS) {
        const asked = [
          ...prompts.home(model, everyLink),
          ...prompts.home(model, { ...everyLink, delivery: true }),
          ...prompts.enterCode(model),
          ...prompts.directory(model),
          ...prompts.directory(model, true),
          ...prompts.deliveryOffer(model),
          ...prompts.deliveryTold(model),
          ...prompts.directorySearch(model),
          ...prompts.scanQr(model),
          ...prompts.calling(model),
          ...prompts.ringingApp(model),
          ...prompts.ringingPhone(model),
          ...prompts.connected(model),
          ...prompts.granted(model),
          ...prompts.refused(model),
          ...prompts.gateFailed(model),
          ...prompts.messageOffer(model),
          ...prompts.messageRecording(model),
          ...prompts.messageSent(model, true),
        ];
        expect(asked.filter((clip) => !recorded.has(clip)), `${language} ${model}`).toEqual([]);
      }
    }
  });

  it('knows which prompts name a button', () => {
    const naming = Object.entries(spoken)
      .filter(([key, text]) => !key.startsWith('speech.button.') && /\{(back|go)\}/.test(text))
      .map(([key]) => key.slice('speech.'.length));
    expect([...NAMES_A_BUTTON].sort()).toEqual(naming.sort());
  });

  it('tells a button panel what each button does on home, and only what it offers', () => {
    expect(prompts.home('GEN2', everyLink)).toEqual(['welcome', 'homeCode', 'homeQr-GEN2', 'homeDirectory', 'homeManager-GEN2']);
    expect(prompts.home('GEN3', { ...everyLink, scanQr: false, callManager: false })).toEqual(['welcome', 'homeCode', 'homeDirectory']);
    expect(prompts.home('TOUCH', everyLink)).toEqual(['welcome', 'homeTouch']);
  });

  it('with the Delivery link, says UP calls a resident and DOWN is for a delivery', () => {
    expect(prompts.home('GEN2', { ...everyLink, delivery: true })).toEqual([
      'welcome',
      'homeCode',
      'homeQr-GEN2',
      'homeDirectoryUp',
      'homeManager-GEN2',
      'homeDelivery',
    ]);
    expect(prompts.home('TOUCH', { ...everyLink, delivery: true })).toEqual(['welcome', 'homeTouch', 'homeTouchDelivery']);
    expect(prompts.directory('GEN2', true)).toEqual(['delivery', 'directory', 'cancel-GEN2']);
    expect(prompts.deliveryOffer('GEN2')).toEqual(['deliveryOffer', 'deliverySend-GEN2', 'cancel-GEN2']);
    expect(prompts.deliveryOffer('TOUCH')).toEqual(['deliveryOffer', 'deliverySendTouch']);
    expect(prompts.deliveryClip('GEN3')).toEqual(['deliveryClip-GEN3']);
    expect(prompts.deliveryClip('TOUCH')).toEqual(['deliveryClipTouch']);
  });

  it('names the way out of each screen by its button; TOUCH has none', () => {
    expect(prompts.enterCode('GEN1')).toEqual(['enterCode', 'cancel-GEN1']);
    expect(prompts.calling('DEFAULT')).toEqual(['calling', 'hangUp-DEFAULT']);
    expect(prompts.directory('TOUCH')).toEqual(['directoryTouch']);
  });

  it("says where a call is, and how to hang up while it rings", () => {
    expect([prompts.ringingApp('GEN1'), prompts.ringingPhone('GEN1'), prompts.connected('GEN1')]).toEqual([
      ['ringingApp', 'hangUp-GEN1'],
      ['ringingPhone', 'hangUp-GEN1'],
      ['connected'],
    ]);
    expect(prompts.ringingPhone('TOUCH')).toEqual(['ringingPhone']);
  });

  it('plays the spoken sounds in the panel language', () => {
    expect(soundUrl('sorryCode', 'en')).toBe('/sounds/sorryCode.wav');
    expect(soundUrl('gateOpen', 'es')).toBe('/sounds/gateOpen.wav');
    for (const name of SPOKEN_SOUNDS) {
      expect(soundUrl(name, 'es')).toBe(`/speech/es/sound-${name}.ogg`);
      expect(manifest.es).toHaveProperty(`sound-${name}`);
    }
  });
});
