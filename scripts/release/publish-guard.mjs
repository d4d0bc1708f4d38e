// prepublishOnly: n8n verifies only versions published from a GitHub Actions workflow with an npm
// provenance statement, so a publish from a laptop would ship a version n8n refuses. Releases go
// through .github/workflows/publish.yml (push a v* tag); this guard stops every other `npm publish`,
// --dry-run included, before the package is even built.
const inActions = process.env.GITHUB_ACTIONS === 'true';
const withProvenance = process.env.npm_config_provenance === 'true';

if (!inActions || !withProvenance) {
	const why = !inActions
		? 'this is not a GitHub Actions run'
		: 'provenance is off (npm publish --provenance)';
	console.error(
		[
			`publish refused: ${why}.`,
			'n8n verifies only community nodes published from GitHub Actions with an npm provenance statement.',
			'Release by pushing a version tag instead: npm version <patch|minor|major> && git push --follow-tags',
			'which runs .github/workflows/publish.yml (see "Releasing" in docs/development.md).',
		].join('\n'),
	);
	process.exit(1);
}
