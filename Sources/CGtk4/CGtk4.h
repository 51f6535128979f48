// GTK 4 as one Clang module. X11 headers stay out of it (their macros would
// leak names such as `Window` and `Display` into Swift); CGtkShim reaches the
// X11 backend privately instead.
#include <gtk/gtk.h>
#include <glib-unix.h>
