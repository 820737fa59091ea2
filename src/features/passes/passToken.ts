import { COSE_SHAPE, readCoseToken } from './coseToken';
import { JWS_SHAPE, readJwsToken } from './jwsToken';
import type { PassToken } from './passClaims';

/*
 * A pass as its QR code carries it, in either format (docs/passes.md): a JWS,
 * or the compact COSE pass behind `KP1:`. Anything of neither shape is not a
 * pass and keeps SPEC's path; a text of a pass's shape that does not read as
 * one is an invalid pass.
 */

export const looksLikePass = (text: string): boolean => JWS_SHAPE.test(text) || COSE_SHAPE.test(text);

/** The pass's parts, or null when the text is no well-formed pass of either format. */
export const readPassToken = (text: string): PassToken | null => (COSE_SHAPE.test(text) ? readCoseToken(text) : readJwsToken(text));
