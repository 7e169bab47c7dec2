/**
 * Decodes the payload of a JWT without verifying its signature.
 * @param {string} token a compact JWS: header.payload.signature
 * @returns {object} the payload claims
 */
export function decodeJwtPayload(token) {
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw new Error('not a JWT');
  }
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return JSON.parse(atob(padded));
}
