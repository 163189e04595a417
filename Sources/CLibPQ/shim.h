// Where Debian puts it (pkg-config's include path is not asked: it would link libpq too).
#include <postgresql/libpq-fe.h>
