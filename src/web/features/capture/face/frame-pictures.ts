/** Width of a frame kept for the reviewer: enough to see the face and the move, about 30 KB. */
const KEPT_WIDTH = 480;

/**
 * The video's current frame as a small JPEG, base64 without the data-URL prefix (the liveness finish
 * call's `image`). Never mirrored: the reviewer sees what the camera saw.
 */
export async function snapshotBase64(video: HTMLVideoElement): Promise<string | null> {
  if (!video.videoWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = Math.min(KEPT_WIDTH, video.videoWidth);
  canvas.height = Math.round((video.videoHeight * canvas.width) / video.videoWidth);
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
