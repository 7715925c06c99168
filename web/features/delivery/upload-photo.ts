import {
  type DeliveryFile,
  deliveryUploadUrl,
  ZDeliveryFileResponse,
} from "../../../contracts/delivery.ts";
import { ZErrorResponse } from "../../../contracts/errors.ts";
import { ApiError } from "../../lib/api-error.ts";

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
      // The one error shape, as the API client throws it (web/lib/api-client.ts).
      const error = ZErrorResponse.safeParse(json);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.error.code, error.data.error.message)
          : new ApiError(xhr.status, "unexpected_response", `Upload failed (${xhr.status})`),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, "network", "Network error: check your connection and retry"));
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
