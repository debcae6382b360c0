/**
 * Preloaded (`node --require`) into the autorest testserver's process only. The testserver needs express 4,
 * which npm nested under it, but its express-promise-router was hoisted beside the express 5 that other
 * devDependencies use, so `require('express')` from there would load express 5 (whose path syntax the
 * testserver's routes do not parse). Inside this process every `express` is resolved from the testserver's
 * own folder, which is what its package.json asks for.
 */
const Module = require('node:module');
const path = require('node:path');

const serverDir = path.dirname(require.resolve('@microsoft.azure/autorest.testserver/package.json'));
const fromServer = { id: serverDir, filename: path.join(serverDir, 'package.json'), paths: Module._nodeModulePaths(serverDir) };
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const target = request === 'express' || request.startsWith('express/') ? fromServer : parent;
  return resolve.call(this, request, target, ...rest);
};
