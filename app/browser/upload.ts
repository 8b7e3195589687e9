// Multipart requests with real upload progress (fetch cannot report bytes sent; XHR can).
import { ApiError, apiUrl, getAuthToken } from "./api-client";
import type { ApiAnswer, ApiInit, ApiPath } from "~/lib/api/types";

export type UploadProgress = { loaded: number; total: number };

type FormMethod = "POST" | "PATCH";

/** A multipart request to `method path` (its path parameters in `init.params`), answered with the operation's typed JSON body. */
export function sendForm<M extends FormMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  form: FormData,
  init: Pick<ApiInit<M, P>, "params"> & { onProgress?: (progress: UploadProgress) => void },
): Promise<ApiAnswer<M, P>> {
  const { params, onProgress } = init as { params?: Record<string, string>; onProgress?: (progress: UploadProgress) => void };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path, params));
    xhr.withCredentials = true;
    xhr.setRequestHeader("Authorization", `Bearer ${getAuthToken()}`);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ApiAnswer<M, P>);
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
