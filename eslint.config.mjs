// The same rule sets n8n's verification scanner applies, run on our sources before anything is packed.
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default [
	{ ignores: ['node_modules/**', 'dist/**', '.build/**', 'coverage/**', '**/*.js', '**/*.mjs', 'package-lock.json'] },
	{ files: ['**/*.ts'], languageOptions: { parser: tsParser } },
	{ files: ['package.json'], languageOptions: { parser: tsParser } },
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	...[n8nCommunityNodesPlugin.configs.recommended].flat().map((config) => ({
		...config,
		files: ['package.json', 'nodes/**/*.ts', 'credentials/**/*.ts'],
	})),
	{ files: ['nodes/**/*.ts', 'credentials/**/*.ts'], rules: { 'no-console': 'error' } },
	{ files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
];
