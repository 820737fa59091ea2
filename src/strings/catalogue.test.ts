import en from './en.json';
import es from './es.json';
import { english, format, noticeKeyOf, parseLanguage, translator, type MessageKey } from './catalogue';
import { loadCatalogue, loadedCatalogue } from './loadCatalogue';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the string catalogue', () => {
  it('keeps SPEC.md\'s English strings exactly', () => {
    const t = translator(en);
    expect(t('app.loading')).toBe('Loading...');
    expect(t('home.title', { name: 'Maple Court' })).toBe('Welcome to Maple Court!');
    expect(t('home.enterCode')).toBe('Enter a numeric code');
    expect(t('code.title')).toBe('Enter a numeric code');
    expect(t('home.scanQr')).toBe('Scan a QR code');
    expect(t('qr.title')).toBe('Scan a QR code');
    expect(t('qr.instructions')).toBe('If you were texted a QR code, pull it up and center it on the camera');
    expect(t('directory.promptButtons')).toBe('Enter a number to call a resident');
    expect(t('cancel.buttons', { back: 'Back' })).toBe('Press Back to cancel');
    expect(t('directory.promptTouch')).toBe('Tap a resident to call');
    expect(t('home.callResident')).toBe('Call a resident');
    expect(t('home.callManager')).toBe('Call a manager');
    expect(t('cancel.touch')).toBe('◀ CANCEL');
    expect(t('directory.title')).toBe('call resident');
    expect(t('call.title', { name: t('call.manager') })).toBe('Call a Manager');
    expect(t('call.title', { name: 'Aaron Abbott' })).toBe('Call Aaron Abbott');
    expect(t('call.smile')).toBe("(Smile, you're on camera!)");
    expect(t('call.calling', { name: 'Aaron Abbott' })).toBe('Calling Aaron Abbott...');
    expect(t('call.connected', { name: 'Aaron Abbott' })).toBe('Connected to Aaron Abbott');
    expect(t('directory.more', { arrow: '▼' })).toBe('▼ for more');
    // SPEC.md section 8.
    expect(t('notice.codeRefused')).toBe("Sorry, that code didn't work");
    expect(t('notice.noCode')).toBe('User who opened gate does not have access code');
    expect([t('notice.granted'), t('notice.grantedBody')]).toEqual(['Access Granted!', 'You can now enter']);
    expect(t('notice.notGranted')).toBe("Sorry, you weren't granted access");
    expect([t('notice.disconnected'), t('notice.tryLater')]).toEqual(['Call disconnected', 'Please try again later']);
    expect(t('notice.throttled')).toBe("You're doing that too much");
    expect([t('notice.error'), t('notice.tryAgain')]).toEqual(['An Error Occurred', 'Please try again']);
  });

  it('has every key in Spanish, with the same placeholders', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(es[key].trim(), key).not.toBe('');
      expect(placeholders(es[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('translates every string but names and button labels', () => {
    const same = (Object.keys(en) as MessageKey[]).filter((key) => es[key] === en[key]);
    expect(same.sort()).toEqual(
      [
        'app.name',
        'speech.button.GEN1.back',
        'speech.button.GEN1.go',
        'speech.button.GEN2.back',
        'speech.button.GEN2.go',
      ].sort(),
    );
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(format('Call {name}', { name: 'Ann' })).toBe('Call Ann');
    expect(format('Page {number} of {pages}', { number: 2 })).toBe('Page 2 of {pages}');
  });

  it('finds the key of an English text, so a notification can be shown in the panel language', () => {
    expect(noticeKeyOf("Sorry, that code didn't work")).toBe('notice.codeRefused');
    expect(noticeKeyOf(english('notice.granted'))).toBe('notice.granted');
    expect(noticeKeyOf('Not in the catalogue')).toBeUndefined();
  });

  it('reads language names from outside; anything else is no language', () => {
    expect(['es', 'ES', ' es-MX ', 'en', 'en-US'].map(parseLanguage)).toEqual(['es', 'es', 'es', 'en', 'en']);
    expect(['fr', '', 7, null, undefined, { es: true }].map(parseLanguage)).toEqual([null, null, null, null, null, null]);
  });

  it('loads Spanish on demand, once', async () => {
    expect(loadedCatalogue('en')?.['home.scanQr']).toBe('Scan a QR code');
    await Promise.all([loadCatalogue('es'), loadCatalogue('es')]);
    expect(loadedCatalogue('es')?.['home.scanQr']).toBe('Escanee un código QR');
  });
});
