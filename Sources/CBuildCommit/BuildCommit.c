#include "BuildCommit.h"

// scripts/stamp-commit writes stamped_commit.h next to this file (ignored by git):
// `#define POKEDEX_STAMPED_COMMIT "5f3a27df092a"`. A checkout without it builds all the same.
#if __has_include("stamped_commit.h")
#include "stamped_commit.h"
#endif

const char *pokedex_build_commit(void) {
#ifdef POKEDEX_STAMPED_COMMIT
    return POKEDEX_STAMPED_COMMIT;
#else
    return 0;
#endif
}
