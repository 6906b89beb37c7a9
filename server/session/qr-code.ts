import type { Request } from 'express';
import QRCode from 'qrcode';
import { stateOf } from './session-data.ts';

/** SPEC §9: 256 px, high error correction. */
export function renderQrCodeSvg(otpauthUrl: string): Promise<string> {
  return QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'H', width: 256, margin: 1 });
}

/** The otpauth URL of an enrolment waiting for its first code, else null. */
function enrolmentUrl(req: Request): string | null {
  const auth = req.session?.auth;
  return auth?.qrCodeUrl && stateOf(req.session) === 'two-factor' ? auth.qrCodeUrl : null;
}

/**
 * The QR code to scan while the session waits for its first one-time code (the admin has not
 * enrolled yet), else null. The otpauth URL itself never leaves the server as text.
 */
export async function qrCodeSvg(req: Request): Promise<string | null> {
  const url = enrolmentUrl(req);
  return url === null ? null : renderQrCodeSvg(url);
}

/**
 * The same enrolment's secret (base32), for authenticator apps that cannot scan: the manual key
 * under the QR code. Only while enrolling, exactly when the QR code itself is shown.
 */
export function totpKey(req: Request): string | null {
  const url = enrolmentUrl(req);
  if (url === null) return null;
  try {
    const secret = new URL(url).searchParams.get('secret');
    return secret && /^[A-Z2-7]+=*$/i.test(secret) ? secret.replace(/=+$/, '').toUpperCase() : null;
  } catch {
    return null;
  }
}
