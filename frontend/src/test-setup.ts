import '@testing-library/jest-dom';

// jsdom lacks these; react-router needs them at import time. (Node's own, loaded without Node typings,
// which the app's tsconfig deliberately leaves out.)
const nodeUtil = jest.requireActual<{ TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder }>('node:util');
Object.assign(globalThis, { TextEncoder: nodeUtil.TextEncoder, TextDecoder: nodeUtil.TextDecoder });

// The CSRF cookie the server would have set; the api client sends it back as X-XSRF-TOKEN.
document.cookie = 'XSRF-TOKEN=test-csrf-token; path=/';

// jsdom has no media playback: record play() calls instead of logging "not implemented".
Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, writable: true, value: jest.fn(() => Promise.resolve()) });
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, writable: true, value: jest.fn() });
Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, writable: true, value: jest.fn() });
Object.defineProperty(HTMLFormElement.prototype, 'submit', { configurable: true, writable: true, value: jest.fn() });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  (HTMLMediaElement.prototype.play as jest.Mock).mockClear();
});
