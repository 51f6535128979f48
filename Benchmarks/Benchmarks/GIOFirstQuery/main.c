// The first GIO content-type query in a fresh process: prints the
// nanoseconds g_content_type_is_a took for its first call (which loads the
// desktop's MIME database) and for a second one, as "first second".
#include <stdio.h>
#include <time.h>
#include <gio/gio.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    const char *type = argc > 2 ? argv[1] : "text/x-csrc";
    const char *supertype = argc > 2 ? argv[2] : "text/plain";
    long long start = now_ns();
    gboolean first = g_content_type_is_a(type, supertype);
    long long middle = now_ns();
    gboolean second = g_content_type_is_a("image/png", "application/octet-stream");
    long long end = now_ns();
    printf("%lld %lld %d\n", middle - start, end - middle, first && second);
    return 0;
}
