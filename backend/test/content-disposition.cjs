// CommonJS stand-in for content-disposition 3 (ESM only) in Jest: @fastify/static calls create(name) for downloads.
module.exports = { create: (name) => `attachment; filename="${String(name ?? '').replace(/"/g, '')}"` };
