// GIO's content types, the desktop's own answer to "is this MIME type a
// kind of that one", as the UniformTypes benchmarks' baseline.
#include <gio/gio.h>
