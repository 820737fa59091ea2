// @vitest-environment node
import { ESLint } from 'eslint';

/** Lints `code` as if it were the file at `filePath`, with the project's own configuration. */
async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The layering of src/features/README.md, enforced by eslint.config.js.
describe('layering (lint)', () => {
  it('refuses a component importing a screen, a feature or the app', async () => {
    const messages = await lintAs(
      'src/components/Example.ts',
      [
        "import { initialDigits } from '../screens/enter-code/codeEntry';",
        "import { useDevice } from '../features/session/useDevice';",
        "import { config } from '../app/config';",
        'export const all = [initialDigits, useDevice, config];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
    expect(messages[0]).toContain('Components take what they show as props');
  });

  it('refuses a shared hook or helper importing a feature, a screen, a component or the app', async () => {
    const messages = await lintAs(
      'src/hooks/useExample.ts',
      [
        "import { TOUCH_ROW_REM } from '../features/directory/touchScroll';",
        "import { initialDigits } from '../screens/enter-code/codeEntry';",
        "import { Logo } from '../components/Logo';",
        "import { config } from '../app/config';",
        'export const all = [TOUCH_ROW_REM, initialDigits, Logo, config];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('Shared hooks and helpers know nothing of the kiosk');
    expect(await lintAs('src/lib/example.ts', "import { useDevice } from '../features/session/useDevice';\nexport const all = [useDevice];")).toHaveLength(1);
  });

  it("refuses a feature importing a screen, or another feature's listeners or components", async () => {
    const messages = await lintAs(
      'src/features/qr/example.ts',
      [
        "import { HomeScreen } from '../../screens/home/HomeScreen';",
        "import { listenForGate } from '../gate/gateListeners';",
        "import { InstallerMessage } from '../session/components/InstallerMessage';",
        'export const all = [HomeScreen, listenForGate, InstallerMessage];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(3);
  });

  it("allows a feature another feature's actions, selectors and hooks, and its own listeners", async () => {
    const messages = await lintAs(
      'src/features/qr/example.ts',
      [
        "import { codeEntered } from '../gate/gateActions';",
        "import { selectModel } from '../session/sessionSlice';",
        "import { useDevice } from '../session/useDevice';",
        "import { listenForQrScan } from './qrListeners';",
        'export const all = [codeEntered, selectModel, useDevice, listenForQrScan];',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
