// Multipart requests with real upload progress (fetch cannot report bytes sent; XHR can).
import { ApiError, getAuthToken } from "./api-client";

export type UploadProgress = { loaded: number; total: number };

export function sendForm<T>(
  method: "POST" | "PATCH",
  url: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Authorization", `Bearer ${getAuthToken()}`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    // Same shape as a failed fetch, so callers tell network failures apart the same way.
    xhr.onerror = () => reject(new TypeError("network error"));
    xhr.ontimeout = () => reject(new TypeError("network timeout"));
    xhr.send(form);
  });
}
