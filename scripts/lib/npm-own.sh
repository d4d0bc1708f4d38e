# Sourced by the scripts that run npm inside a cache folder (.ci/node.sh, scripts/n8n/ensure-n8n.sh).
# npm_own runs npm with the configuration its caller states (flags, and the cache folder's own .npmrc), not with
# the project's: under `npm test` or `npm run demo` npm exports its whole configuration as npm_config_* variables,
# the project's .npmrc included (strict-allow-scripts=true), and a nested npm would obey them (issue 26).
# Kept: where the registry is and how to reach it (registry, npm's download cache, proxies, CA, the user's and
# the global npmrc files), which belong to this machine, not to the project.
npm_own() {
	local drop=() name
	for name in $(compgen -e); do
		case "${name,,}" in
		npm_config_registry | npm_config_cache | npm_config_cafile | npm_config_ca | npm_config_proxy | \
			npm_config_https_proxy | npm_config_noproxy | npm_config_strict_ssl | npm_config_userconfig | \
			npm_config_globalconfig) ;;
		npm_config_*) drop+=(-u "$name") ;;
		esac
	done
	env "${drop[@]}" npm "$@"
}
