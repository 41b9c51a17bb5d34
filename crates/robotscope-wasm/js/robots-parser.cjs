// Drop-in for `require('robots-parser')`: `const robotsParser = require('robotscope/robots-parser')`.
'use strict';
const { robotsParser } = require('./index.cjs');
module.exports = robotsParser;
module.exports.default = robotsParser;
