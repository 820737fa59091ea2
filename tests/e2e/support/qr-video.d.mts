export function qrLumaFrame(
  text: string,
  options?: { width?: number; height?: number; scale?: number },
): { width: number; height: number; luma: Uint8Array };
export function qrRgbaFrame(
  text: string,
  options?: { width?: number; height?: number; scale?: number },
): { width: number; height: number; data: Uint8ClampedArray };
export function writeQrY4m(file: string, text: string | null, options?: { width?: number; height?: number; frames?: number }): string;
