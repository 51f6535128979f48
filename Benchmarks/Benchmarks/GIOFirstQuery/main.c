// The first GIO content-type query in a fresh process: prints the
// nanoseconds its first question took (which loads the desktop's MIME
// database) and a second one, as "first second".
//
//   GIOFirstQuery [TYPE SUPERTYPE]             g_content_type_is_a
//   GIOFirstQuery --extension [EXT SUPEREXT]   g_content_type_guess on
//                                              "file.EXT" for both, then
//                                              g_content_type_is_a
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <gio/gio.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int by_extension = 0;

static gboolean is_a(const char *type, const char *supertype) {
    if (!by_extension) return g_content_type_is_a(type, supertype);
    char child_name[256], parent_name[256];
    snprintf(child_name, sizeof child_name, "file.%s", type);
    snprintf(parent_name, sizeof parent_name, "file.%s", supertype);
    gchar *child = g_content_type_guess(child_name, NULL, 0, NULL);
    gchar *parent = g_content_type_guess(parent_name, NULL, 0, NULL);
    gboolean answer = g_content_type_is_a(child, parent);
    g_free(child);
    g_free(parent);
    return answer;
}

int main(int argc, char **argv) {
    int first_argument = 1;
    if (argc > 1 && strcmp(argv[1], "--extension") == 0) {
        by_extension = 1;
        first_argument = 2;
    }
    const char *type = argc > first_argument + 1 ? argv[first_argument] : (by_extension ? "c" : "text/x-csrc");
    const char *supertype = argc > first_argument + 1 ? argv[first_argument + 1] : (by_extension ? "txt" : "text/plain");
    long long start = now_ns();
    gboolean first = is_a(type, supertype);
    long long middle = now_ns();
    gboolean second = by_extension ? (is_a("png", "jpeg") || is_a("png", "png"))
                                   : g_content_type_is_a("image/png", "application/octet-stream");
    long long end = now_ns();
    printf("%lld %lld %d\n", middle - start, end - middle, first && second);
    return 0;
}
