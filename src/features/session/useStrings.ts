import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ENGLISH, translator, type Translate } from '../../strings/catalogue';
import { loadCatalogue, loadedCatalogue, onCatalogueLoaded } from '../../strings/loadCatalogue';
import { selectDeviceSettings } from './deviceSettings';

/** The panel language's strings; English until another language's chunk has arrived. */
export function useStrings(): Translate {
  const { language } = useAppSelector(selectDeviceSettings);
  const messages = useSyncExternalStore(onCatalogueLoaded, () => loadedCatalogue(language));
  useEffect(() => {
    if (!messages) void loadCatalogue(language);
  }, [language, messages]);
  return useMemo(() => translator(messages ?? ENGLISH), [messages]);
}
