// The service worker (web/public/sw.js): notifications from pushes, the offline page, and what
// makes the site installable. Registered once the page has loaded so it never competes with
// the first screen for the network.

export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch((error) => {
      console.warn("service worker not registered", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
