import { STORE_VERSION, type LaterStoredPart } from '../../store/storedPart';
import { gateCodesOfData } from './propertyCoreSlice';
import { propertySlice, type PropertyState } from './propertySlice';
import { piecesOf } from './residentPieces';
import { codesText } from './validCodes';

/**
 * The property data (as parsed), the TwiML token and the answer they came
 * from, as stored (docs/stored-state.md); the back end sends them again. Read
 * once the first screen is shown (`propertyStoredRead.ts`): home, code entry
 * and the gate work from the property core.
 */
export const propertyStored: LaterStoredPart<PropertyState, 'property'> = {
  key: propertySlice.reducerPath,
  version: STORE_VERSION,
  migrations: {},
  where: 'database',
  refetchable: true,
  read: 'later',
  /** In the database: the data without its residents, with its gate codes, then the residents in pieces (RESIDENTS_PER_PIECE). */
  toPieces(state) {
    const data = state.data;
    if (!data || data.residents.length === 0) return { state, extra: {}, pieces: [] };
    const { standing, guests } = gateCodesOfData(data);
    // As text: 80,000 codes cloned as a list took about 40 ms at 4x.
    return { state: { ...state, data: { ...data, residents: [] } }, extra: { codes: { standing: codesText(standing), guests: codesText(guests) } }, pieces: piecesOf(data.residents) };
  },
};
