// tsc compiles the code; gulp copies what it does not: icons and codex (*.node.json) files.
const { src, dest } = require('gulp');

function copyAssets() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports.build = copyAssets;
exports.default = copyAssets;
