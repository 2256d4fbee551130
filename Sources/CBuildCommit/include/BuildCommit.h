#ifndef POKEDEX_BUILD_COMMIT_H
#define POKEDEX_BUILD_COMMIT_H

/// The git commit the executable was built from (`BuildInfo.commit`), or NULL when none was
/// stamped. In C so that a new commit recompiles one C file and relinks: this header never
/// changes, so no Swift module that imports it rebuilds.
const char *_Nullable pokedex_build_commit(void);

#endif
