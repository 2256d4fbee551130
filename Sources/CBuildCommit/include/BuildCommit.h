#ifndef POKEDEX_BUILD_COMMIT_H
#define POKEDEX_BUILD_COMMIT_H

/// The git commit the executable was built from (`BuildInfo.commit`), or NULL when none was
/// stamped. In C so that a new commit recompiles this C file and CommandLineOptions, then
/// relinks: no module above CommandLineOptions rebuilds, as it would for a generated Swift file
/// (release builds compile each module whole, again whenever a module it imports changed).
const char *_Nullable pokedex_build_commit(void);

#endif
