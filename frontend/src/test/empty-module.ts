// Jest's stand-in for stylesheet imports (jest.config.js moduleNameMapper).
export {};
