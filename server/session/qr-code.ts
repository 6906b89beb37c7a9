import type { Request } from 'express';
import QRCode from 'qrcode';
import { stateOf } from './session-data.ts';

/** SPEC §9: 256 px, high error correction. */
export function renderQrCodeSvg(otpauthUrl: string): Promise<string> {
  return QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'H', width: 256, margin: 1 });
}

/**
 * The QR code to scan while the session waits for its first one-time code (the admin has not
 * enrolled yet), else null. The otpauth URL itself never leaves the server as text.
 */
export async function qrCodeSvg(req: Request): Promise<string | null> {
  const auth = req.session?.auth;
  if (!auth?.qrCodeUrl || stateOf(req.session) !== 'two-factor') return null;
  return renderQrCodeSvg(auth.qrCodeUrl);
}
