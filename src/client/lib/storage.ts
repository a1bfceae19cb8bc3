/** Spec §9: local storage may be unusable (privacy modes, quotas); every access is guarded. */
export function isLocalStorageAvailable(): boolean {
  try {
    const key = '__atrium_storage_test__';
    window.localStorage.setItem(key, key);
    window.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage is full or blocked: the session lives in memory only.
  }
}
