import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { propertyLoaded, type PropertyState } from './propertySlice';
import type { Device, PropertyData, PropertyMeta } from './types';
import { sameData } from './sameData';
import { codesText, deriveGateCodes, type GateCodes } from './validCodes';

/**
 * What the panel needs to open the gate and show home without the full
 * property data: the property's name and settings, the device's flags and
 * the valid codes of the last good load. A small part stored apart from the
 * property data and never given up to make room (docs/stored-state.md), so
 * a panel whose storage filled up still starts offline and opens the gate.
 */
export interface PropertyCoreState extends GateCodes {
  property: PropertyMeta | null;
  device: Device | null;
}

const initialState: PropertyCoreState = { property: null, device: null, standing: [], guests: [] };

// The same data object (an unchanged poll) gives the same arrays.
const derived = new WeakMap<PropertyData, GateCodes>();
function gateCodesOf(data: PropertyData): GateCodes {
  let codes = derived.get(data);
  if (!codes) derived.set(data, (codes = frozenCodes(deriveGateCodes(data))));
  return codes;
}

/**
 * The codes of `data` derived elsewhere (stored beside it, or by the worker
 * that parsed it): at 50,000 residents deriving them takes the main thread
 * about 280 ms at 4x.
 */
export function knownGateCodes(data: PropertyData, codes: GateCodes): void {
  derived.set(data, frozenCodes(codes));
}

/** Frozen lists: the store's Immer takes them as they are, where it walked 80,000 codes to freeze them (about 30 ms at 4x). */
export const frozenCodes = ({ standing, guests }: GateCodes): GateCodes => ({ standing: Object.freeze(standing) as string[], guests: Object.freeze(guests) as string[] });

/** The codes of `data`, as the core holds them (stored with the data, so a start need not derive them). */
export const gateCodesOfData = gateCodesOf;

/** The same codes in the same order: compared as their texts, which lists read back or handed over already have (80,000 codes walked one by one took 20 ms at 4x). */
const sameList = (a: string[], b: string[]) => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  const [left, right] = [codesText(a), codesText(b)];
  return typeof left === 'string' && typeof right === 'string' ? left === right : a.every((code, i) => code === b[i]);
};

export const propertyCoreSlice = createSlice({
  name: 'propertyCore',
  initialState,
  reducers: {
    /** The core made from the property data the database holds, for a kiosk that stored no core. */
    storedCoreRead: (_state, { payload }: PayloadAction<PropertyCoreState>) => payload,
  },
  extraReducers: (builder) => {
    builder.addCase(propertyLoaded, (state, { payload: { data } }) => {
      const { standing, guests } = gateCodesOf(data);
      const held = original(state);
      // The same core (an unchanged poll, a resident renamed, the core read back beside its data) is kept, so the part is not written again.
      if (held && sameData(held.property, data.property) && sameData(held.device, data.device) && sameList(held.standing, standing) && sameList(held.guests, guests)) {
        return undefined;
      }
      return coreOf(data);
    });
  },
});

export const { storedCoreRead } = propertyCoreSlice.actions;

const coreOf = (data: PropertyData): PropertyCoreState => ({ property: data.property, device: data.device, ...gateCodesOf(data) });

/**
 * The property data and core as read back, each made from the other when only
 * one was kept: a core from the data stored by a kiosk before it had one; data
 * from the core when the full data could not be kept (storage full), with no
 * directory (it is online-only, and the next load brings it).
 */
export function withPropertyCore(property: PropertyState | undefined, core: PropertyCoreState | undefined): { property?: PropertyState; propertyCore?: PropertyCoreState } {
  if (property?.data && !core?.device) return { property, propertyCore: coreOf(property.data) };
  if (!property?.data && core?.property && core.device) {
    const data: PropertyData = Object.freeze({ property: core.property, device: core.device, residents: [], property_staff: [], property_guests: [], unitGuests: [] });
    // No answer holds this data: the next load asks for the property in full.
    return { property: { data, twimlToken: property?.twimlToken ?? null, version: null }, propertyCore: core };
  }
  return { property, propertyCore: core };
}

declare module '../../store/rootState' {
  interface RootState {
    propertyCore: ReturnType<typeof propertyCoreSlice.reducer>;
  }
}
