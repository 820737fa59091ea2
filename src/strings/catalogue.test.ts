import bootGuardEn from './bootGuard.en.json';
import bootGuardEs from './bootGuard.es.json';
import en from './en.json';
import es from './es.json';
import guidanceEn from './guidance.en.json';
import guidanceEs from './guidance.es.json';
import installerEn from './installer.en.json';
import installerEs from './installer.es.json';
import screensEn from './screens.en.json';
import screensEs from './screens.es.json';
import setupEn from './setup.en.json';
import setupEs from './setup.es.json';
import speechEn from './speech.en.json';
import speechEs from './speech.es.json';
import { english, format, noticeOf, parseLanguage } from './catalogue';
import { loadCatalogue, loadedCatalogue } from './loadCatalogue';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the string catalogue', () => {
  it('keeps the English strings of docs/rules.md (sections 2 and 8) exactly', () => {
    // The screens' part and the lazy screens' part together: what a visitor reads.
    const all: Record<string, string> = { ...en, ...screensEn };
    const t = (key: string, params?: Record<string, string>) => format(all[key]!, params);
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
    // docs/rules.md#r2-5-10 and #r2-2-12: TOUCH's name search.
    expect([t('directory.search'), t('directory.searchHint'), t('directory.clear'), t('directory.erase')]).toEqual([
      'Search',
      'Type the first letters of a name',
      'Clear',
      'Delete the last letter',
    ]);
    expect([t('directory.typed'), t('directory.keyboard')]).toEqual(['Name typed', 'Letters of the name']);
    // docs/rules.md#r8-1.
    expect(t('notice.codeRefused')).toBe("Sorry, that code didn't work");
    expect(t('notice.noCode')).toBe('User who opened gate does not have access code');
    expect([t('notice.granted'), t('notice.grantedBody')]).toEqual(['Access Granted!', 'You can now enter']);
    expect(t('notice.notGranted')).toBe("Sorry, you weren't granted access");
    // The issue's: a call nobody answered is not a refusal.
    expect(t('notice.noAnswer', { name: 'Aaron Abbott' })).toBe('Aaron Abbott did not answer');
    // The issue's: deliveries (docs/rules.md#r2-3-9, #r2-7-8, #r8-1-19).
    expect([t('home.delivery'), t('notice.told', { name: 'Aaron Abbott' })]).toEqual(['Delivery', 'Aaron Abbott has been told']);
    expect([t('directory.delivery'), t('call.delivery'), t('delivery.offer'), t('delivery.sendPicture'), t('delivery.taking')]).toEqual([
      'Delivery: who is it for?',
      'Delivery',
      'Leave a delivery message: hold the parcel up to the camera.',
      'Send a picture',
      'Taking the picture...',
    ]);
    expect([t('notice.disconnected'), t('notice.tryLater')]).toEqual(['Call disconnected', 'Please try again later']);
    expect(t('notice.throttled')).toBe("You're doing that too much");
    expect([t('notice.error'), t('notice.tryAgain')]).toEqual(['An Error Occurred', 'Please try again']);
  });

  // The catalogue's three parts: what the screens show, the installer screen's own (in its chunk), what is spoken (recorded at build time).
  const PARTS: Array<[string, Record<string, string>, Record<string, string>]> = [
    ['first screen', en, es],
    ['later screens', screensEn, screensEs],
    ['installer screen', installerEn, installerEs],
    ['guidance', guidanceEn, guidanceEs],
    ['installer message', setupEn, setupEs],
    ['spoken', speechEn, speechEs],
    ['boot guard', bootGuardEn, bootGuardEs],
  ];

  it.each(PARTS)('has every key of the %s part in Spanish, with the same placeholders', (_part, english, spanish) => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    for (const key of Object.keys(english)) {
      expect(spanish[key]!.trim(), key).not.toBe('');
      expect(placeholders(spanish[key]!), key).toEqual(placeholders(english[key]!));
    }
  });

  it('translates every string but names and button labels', () => {
    const same = PARTS.flatMap(([, english, spanish]) => Object.keys(english).filter((key) => spanish[key] === english[key]));
    expect(same.sort()).toEqual(['app.name', 'speech.button.GEN1.back', 'speech.button.GEN1.go', 'speech.button.GEN2.back', 'speech.button.GEN2.go'].sort());
  });

  it('keeps the spoken strings, the installer screen’s and the screens’ apart (one key, one part)', () => {
    const keys = PARTS.flatMap(([, english]) => Object.keys(english));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills placeholders and leaves unknown ones alone', () => {
    expect(format('Call {name}', { name: 'Ann' })).toBe('Call Ann');
    expect(format('Page {number} of {pages}', { number: 2 })).toBe('Page 2 of {pages}');
  });

  it('finds the key of an English text, so a notification can be shown in the panel language', () => {
    expect(noticeOf("Sorry, that code didn't work")).toEqual({ key: 'notice.codeRefused' });
    expect(noticeOf(english('notice.granted'))).toEqual({ key: 'notice.granted' });
    expect(noticeOf('Not in the catalogue')).toBeUndefined();
  });

  it('reads back the name a notification was filled with, whatever characters it has', () => {
    expect(noticeOf('Aaron Abbott did not answer')).toEqual({ key: 'notice.noAnswer', params: { name: 'Aaron Abbott' } });
    expect(noticeOf('O’Brien (Apt. 4) [*] did not answer')).toEqual({ key: 'notice.noAnswer', params: { name: 'O’Brien (Apt. 4) [*]' } });
    // The manager's own sentence, not the manager named 'The manager'.
    expect(noticeOf('The manager did not answer')).toEqual({ key: 'notice.noAnswerManager' });
    expect(noticeOf(' did not answer')).toBeUndefined();
    expect(noticeOf('Aaron Abbott did not answer, twice')).toBeUndefined();
    // A delivery nobody answered, once its message is kept (docs/rules.md#r8-1-19).
    expect(noticeOf('Aaron Abbott has been told')).toEqual({ key: 'notice.told', params: { name: 'Aaron Abbott' } });
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
