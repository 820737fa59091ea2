import { act, fireEvent } from '@testing-library/react';
import { withApiServer } from '../../testing/apiServer';
import { renderKiosk } from '../../testing/renderKiosk';
import { hardwareCodeRead } from '../gate/gateActions';
import { notificationPushed } from '../notifications/notificationsSlice';

withApiServer();

const press = (key: string) => fireEvent.keyDown(window, { key });
const said = (services: ReturnType<typeof renderKiosk>['services']) => services.speech.say.mock.calls.map(([clips]) => clips);

describe('what each screen says (spoken prompts)', () => {
  it('home says what each button does, and each screen its title and its way out', () => {
    const { services } = renderKiosk({ model: 'GEN2' });
    expect(said(services)).toEqual([['welcome', 'homeCode', 'homeQr-GEN2', 'homeDirectory', 'homeManager-GEN2']]);
    press('1');
    press('Escape');
    press('ArrowDown');
    press('Escape');
    press('Enter');
    press('Escape');
    expect(said(services).filter((clips) => clips[0] !== 'welcome')).toEqual([
      ['enterCode', 'cancel-GEN2'],
      ['directory', 'cancel-GEN2'],
      ['scanQr', 'cancel-GEN2'],
    ]);
  });

  it('a call says it is calling and how to hang up', () => {
    const { services } = renderKiosk({ model: 'GEN1', route: '/call' });
    expect(said(services)).toEqual([['calling', 'hangUp-GEN1']]);
  });

  it('says the outcome of a code, after its chime', async () => {
    const { services, store } = renderKiosk({ model: 'GEN3' });
    act(() => void store.dispatch(hardwareCodeRead('10001')));
    expect(services.speech.say).toHaveBeenLastCalledWith(['granted'], { delayMs: 600 });
    act(() => void store.dispatch(hardwareCodeRead('12345')));
    expect(services.speech.say).toHaveBeenLastCalledWith(['refused'], { delayMs: 600 });
  });

  it('home keeps quiet while an outcome is being told', () => {
    const { services, store } = renderKiosk({ route: '/enter-code' });
    act(() => void store.dispatch(notificationPushed({ status: 'ERROR', title: "Sorry, that code didn't work" })));
    press('Escape');
    expect(said(services)).toEqual([['enterCode', 'cancel-GEN2']]);
  });

  it('stops a screen’s prompt when the screen goes', () => {
    const { services } = renderKiosk();
    const stopHome = services.speech.say.mock.results[0]?.value as ReturnType<typeof vi.fn>;
    press('1');
    expect(stopHome).toHaveBeenCalled();
  });
});
