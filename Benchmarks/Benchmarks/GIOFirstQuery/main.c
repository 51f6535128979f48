// The first GIO content-type query in a fresh process: prints the
// nanoseconds its first question took (which loads the desktop's MIME
// database) and a second one, as "first second".
//
//   GIOFirstQuery [TYPE SUPERTYPE]             g_content_type_is_a
//   GIOFirstQuery --extension [EXT SUPEREXT]   g_content_type_guess on
//                                              "file.EXT" for both, then
//                                              g_content_type_is_a
//   GIOFirstQuery --file-name [NAME SUPERNAME] g_content_type_guess on the
//                                              names for both, then
//                                              g_content_type_is_a
//   GIOFirstQuery --faults ...                 also prints the page faults
//                                              the first query took, as
//                                              UniformTypesFirstQuery does
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <gio/gio.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int by_extension = 0;
static int by_file_name = 0;

/// Minor and major page faults of this process so far.
static long faults(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt + usage.ru_majflt;
}

static gboolean is_a(const char *type, const char *supertype) {
    if (!by_extension && !by_file_name) return g_content_type_is_a(type, supertype);
    char child_name[256], parent_name[256];
    snprintf(child_name, sizeof child_name, by_file_name ? "%s" : "file.%s", type);
    snprintf(parent_name, sizeof parent_name, by_file_name ? "%s" : "file.%s", supertype);
    gchar *child = g_content_type_guess(child_name, NULL, 0, NULL);
    gchar *parent = g_content_type_guess(parent_name, NULL, 0, NULL);
    gboolean answer = g_content_type_is_a(child, parent);
    g_free(child);
    g_free(parent);
    return answer;
}

int main(int argc, char **argv) {
    int first_argument = 1;
    int count_faults = argc > first_argument && strcmp(argv[first_argument], "--faults") == 0;
    if (count_faults) first_argument += 1;
    if (argc > first_argument && strcmp(argv[first_argument], "--extension") == 0) {
        by_extension = 1;
        first_argument += 1;
    } else if (argc > first_argument && strcmp(argv[first_argument], "--file-name") == 0) {
        by_file_name = 1;
        first_argument += 1;
    }
    const char *default_type = by_extension ? "c" : by_file_name ? "backup.tar.gz" : "text/x-csrc";
    const char *default_supertype = by_extension ? "txt" : by_file_name ? "archive.gz" : "text/plain";
    const char *type = argc > first_argument + 1 ? argv[first_argument] : default_type;
    const char *supertype = argc > first_argument + 1 ? argv[first_argument + 1] : default_supertype;
    long faults_before = count_faults ? faults() : 0;
    long long start = now_ns();
    gboolean first = is_a(type, supertype);
    long long middle = now_ns();
    long faults_between = count_faults ? faults() : 0;
    gboolean second = by_extension   ? (is_a("png", "jpeg") || is_a("png", "png"))
                      : by_file_name ? (is_a("photo.png", "picture.jpeg") || is_a("photo.png", "photo.png"))
                                     : g_content_type_is_a("image/png", "application/octet-stream");
    long long end = now_ns();
    if (count_faults) {
        printf("%lld %lld %d %ld %ld\n", middle - start, end - middle, first && second, faults_between - faults_before,
               faults() - faults_between);
    } else {
        printf("%lld %lld %d\n", middle - start, end - middle, first && second);
    }
    return 0;
}
