import { createContext, useContext } from 'react';
import type { Services } from './services';

/** The services for the few components that need one directly (the call screen's streams). */
export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesContext provider');
  return services;
}
