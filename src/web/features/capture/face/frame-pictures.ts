/** Width of a frame kept for the reviewer: enough to see the face and the move, about 30 KB. */
const KEPT_WIDTH = 480;
/** The server stores pictures with at least this short side (DocumentImageRule.MIN_SHORT_SIDE): a 16:9 frame 480 wide would be 270 high. */
const MIN_SHORT_SIDE = 320;

/** The kept frame's size: KEPT_WIDTH wide unless that makes its short side too short for the server (a small camera's frame is enlarged). */
export function keptSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.max(KEPT_WIDTH / width, MIN_SHORT_SIDE / Math.min(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * The video's current frame as a small JPEG, base64 without the data-URL prefix (the liveness finish
 * call's `image`). Never mirrored: the reviewer sees what the camera saw.
 */
export async function snapshotBase64(video: HTMLVideoElement): Promise<string | null> {
  if (!video.videoWidth) return null;
  const canvas = document.createElement('canvas');
  const size = keptSize(video.videoWidth, video.videoHeight);
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  if (!blob) return null;
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}
