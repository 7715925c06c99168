import {
  type DeliveryFile,
  deliveryUploadUrl,
  ZDeliveryFileResponse,
} from "../../../contracts/delivery.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";

/**
 * Sends one photo with XMLHttpRequest, the browser API that reports upload progress.
 * `uploadId` names this upload: sending it again after a failure never stores it twice.
 */
export function uploadPhoto(
  bookingId: string,
  file: File,
  uploadId: string,
  onProgress: (fraction: number) => void,
): Promise<DeliveryFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", deliveryUploadUrl(bookingId));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const json = safeJson(xhr.responseText);
      if (xhr.status === 200 || xhr.status === 201) {
        const parsed = ZDeliveryFileResponse.safeParse(json);
        if (parsed.success) return resolve(parsed.data.file);
      }
      const error = ZErrorResponse.safeParse(json);
      reject(new Error(error.success ? error.data.error.message : `Upload failed (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error("Network error: check your connection and retry"));
    const form = new FormData();
    form.append("uploadId", uploadId);
    form.append("file", file);
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
