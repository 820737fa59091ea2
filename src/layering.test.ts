// @vitest-environment node
import { ESLint } from 'eslint';

/** Lints `code` as if it were the file at `filePath`, with the project's own configuration. */
async function lintAs(filePath: string, code: string, ruleId = 'import-x/no-restricted-paths'): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

// The layering of src/features/README.md, enforced by eslint.config.js.
// Linting loads the TypeScript parser and follows imports: slow on a busy 2-core machine, so a generous timeout.
describe('layering (lint)', { timeout: 30_000 }, () => {
  it('refuses a component importing a screen, a feature or the app', async () => {
    const messages = await lintAs(
      'src/components/Example.ts',
      [
        "import { initialDigits } from '../screens/enter-code/codeEntry';",
        "import { useDevice } from '../features/session/useDevice';",
        "import { KIOSK_LOCK } from '../app/kioskLock';",
        'export const all = [initialDigits, useDevice, KIOSK_LOCK];',
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
        "import { KIOSK_LOCK } from '../app/kioskLock';",
        'export const all = [TOUCH_ROW_REM, initialDigits, Logo, KIOSK_LOCK];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('Shared hooks and helpers know nothing of the kiosk');
    expect(await lintAs('src/lib/example.ts', "import { useDevice } from '../features/session/useDevice';\nexport const all = [useDevice];")).toHaveLength(1);
  });

  it('refuses the store kit importing a feature, a screen or a component, even for a type (features import the store: that would be a circle)', async () => {
    const messages = await lintAs(
      'src/store/example.ts',
      [
        "import type { PropertyState } from '../features/property/propertySlice';",
        "import { selectModel } from '../features/session/sessionSlice';",
        "import type { HomeScreen } from '../screens/home/HomeScreen';",
        "import { Logo } from '../components/Logo';",
        'export type State = PropertyState | typeof HomeScreen;',
        'export const all = [selectModel, Logo];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain('The store kit (listener kit, hooks, app-wide actions) knows no feature');
  });

  it("refuses a feature importing a screen, or another feature's listeners or components", async () => {
    const messages = await lintAs(
      'src/features/call/example.ts',
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
      'src/features/call/example.ts',
      [
        "import { codeEntered } from '../gate/gateActions';",
        "import { selectModel } from '../session/sessionSlice';",
        "import { useDevice } from '../session/useDevice';",
        "import { listenForCalls } from './callListeners';",
        'export const all = [codeEntered, selectModel, useDevice, listenForCalls];',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('refuses a feature importing one outside its row of featureDependencies (each would close a loop), and allows one in it', async () => {
    // The gate announces its outcome; diagnostics observes it. The reverse would loop gate -> diagnostics -> gate.
    const gateToDiagnostics = await lintAs(
      'src/features/gate/example.ts',
      ["import { faultRaised } from '../diagnostics/diagnosticsSlice';", 'export const all = [faultRaised];'].join('\n'),
    );
    expect(gateToDiagnostics).toHaveLength(1);
    expect(gateToDiagnostics[0]).toContain('The gate feature may import access-queue, code-lock, notifications, property, session, speech only');
    // The gate shows notifications; notifications waiting on the gate would loop back.
    const notificationsToGate = await lintAs(
      'src/features/notifications/example.ts',
      ["import { selectGateOpeningsInFlight } from '../gate/gateSlice';", 'export const all = [selectGateOpeningsInFlight];'].join('\n'),
    );
    expect(notificationsToGate).toHaveLength(1);
    expect(notificationsToGate[0]).toContain('The notifications feature may import session only');
    const diagnosticsToGate = await lintAs(
      'src/features/diagnostics/example.ts',
      ["import { gateSignalFailed } from '../gate/gateActions';", 'export const all = [gateSignalFailed];'].join('\n'),
    );
    expect(diagnosticsToGate).toEqual([]);
  });

  it("leaves a feature's tests out of featureDependencies (nothing imports a test), not out of the layering", async () => {
    const messages = await lintAs(
      'src/features/code-lock/example.test.ts',
      [
        "import { codeEntered } from '../gate/gateActions';",
        "import { listenForGate } from '../gate/gateListeners';",
        'export const all = [codeEntered, listenForGate];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('not its listeners or components');
  });

  // One row per folder of src/ (folderDependencies): an import from a folder outside the row, and one from the test kit, are refused; one inside it is allowed.
  it.each([
    ['app', 'src/app/example.ts', '../first-frame/firstFrame', '../screens/home/HomeScreen'],
    ['boot-guard', 'src/boot-guard/example.ts', '../config/config', '../services/browser/engine'],
    ['components', 'src/components/example.ts', '../first-frame/firstFrame', '../hooks/useElementSize'],
    ['config', 'src/config/example.ts', '../services/json', '../strings/format'],
    ['features', 'src/features/qr/example.ts', '../../first-frame/firstFrame', '../../services/json'],
    ['first-frame', 'src/first-frame/example.ts', '../hooks/useElementSize', '../features/home-links/homeLinks'],
    ['hooks', 'src/hooks/example.ts', '../services/json', '../lib/loadOnce'],
    ['lib', 'src/lib/example.ts', '../strings/format', './loadOnce'],
    ['screens', 'src/screens/home/example.ts', '../../first-frame/firstFrame', '../../hooks/useElementSize'],
    ['services', 'src/services/example.ts', '../config/config', '../strings/format'],
    ['store', 'src/store/example.ts', '../hooks/useElementSize', '../services/json'],
    ['strings', 'src/strings/example.ts', '../services/json', './format'],
  ])('refuses the %s folder a folder outside its row and the test kit, and allows one in its row', async (folder, filePath, outside, inside) => {
    const kit = `${outside.startsWith('../../') ? '../../' : '../'}testing/memoryStorage`;
    const refused = await lintAs(filePath, [`import * as outside from '${outside}';`, `import * as kit from '${kit}';`, 'export const all = [outside, kit];'].join('\n'));
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain(`The ${folder} folder may import`);
    expect(await lintAs(filePath, [`import * as inside from '${inside}';`, 'export const all = [inside];'].join('\n'))).toEqual([]);
  });

  it("leaves tests out of folderDependencies: a test may build the app with the test kit around what it tests", async () => {
    const messages = await lintAs(
      'src/first-frame/example.test.ts',
      ["import { renderKiosk } from '../testing/renderKiosk';", "import { makeStore } from '../app/store';", 'export const all = [renderKiosk, makeStore];'].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('allows the first frame the panel claim and the storage keys of src/app, and nothing else of it but types', async () => {
    const lint = (lines: string[]) => lintAs('src/first-frame/example.ts', [...lines, 'export const all = [];'].join('\n'), '@typescript-eslint/no-restricted-imports');
    expect(await lint(["import { claimPanelEarly } from '../app/panelClaim';", "import { storageKey } from '../app/persistence/storageKey';"])).toEqual([]);
    expect(await lint(["import type { StoredKey } from '../app/persistence/storedParts';"])).toEqual([]);
    const refused = await lint(["import { makeStore } from '../app/store';", "import { STORED_PARTS } from '../app/persistence/storedParts';"]);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain('The first frame takes from src/app its panel claim and storage keys alone');
  });

  it.each(['src/features/qr/example.ts', 'src/screens/home/example.tsx', 'src/store/example.ts', 'src/config/example.ts', 'src/lib/example.ts', 'src/boot-guard/example.ts'])(
    'refuses %s a value from the composition root, and allows its types',
    async (filePath) => {
      const app = filePath.startsWith('src/features') || filePath.startsWith('src/screens') ? '../../app' : '../app';
      const refused = await lintAs(
        filePath,
        [`import { makeStore } from '${app}/store';`, `import { createServices } from '${app}/createServices';`, 'export const all = [makeStore, createServices];'].join('\n'),
        '@typescript-eslint/no-restricted-imports',
      );
      expect(refused).toHaveLength(2);
      expect(refused[0]).toContain('src/app is the composition root');
      const allowed = await lintAs(
        filePath,
        [`import type { RootState } from '${app}/rootReducer';`, 'export type State = RootState;'].join('\n'),
        '@typescript-eslint/no-restricted-imports',
      );
      expect(allowed).toEqual([]);
    },
  );

  it('finds no circle between folders, counting type-only imports', async () => {
    // @ts-expect-error -- a plain script of the project's tools, without types
    const { importEdges, circles } = await import('../scripts/import-edges.mjs');
    expect(circles([...importEdges().keys()])).toEqual([]);
    expect(circles(['app -> store', 'store -> features/gate', 'features/gate -> app', 'lib -> strings'])).toEqual([['app', 'features/gate', 'store']]);
  });
});
