import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { ReactReduxContext } from 'react-redux';
import { config } from '../../config/config';
import { ENGLISH, translator, type Translate } from '../../strings/catalogue';
import { loadCatalogue, loadedCatalogue, onCatalogueLoaded } from '../../strings/loadCatalogue';
import { selectDeviceSettings } from './deviceSettings';

/**
 * The panel language's strings; English until another language's chunk has
 * arrived. Before the store exists (the first splash, the standby message)
 * the build's default language.
 */
export function useStrings(): Translate {
  const store = useContext(ReactReduxContext)?.store ?? null;
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : () => undefined), [store]);
  const language = useSyncExternalStore(subscribe, () =>
    store ? selectDeviceSettings(store.getState()).language : config.deviceDefaults.language,
  );
  const messages = useSyncExternalStore(onCatalogueLoaded, () => loadedCatalogue(language));
  useEffect(() => {
    if (!messages) void loadCatalogue(language);
  }, [language, messages]);
  return useMemo(() => translator(messages ?? ENGLISH), [messages]);
}
