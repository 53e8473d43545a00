/* Records what a process does to the files under one folder, for building the states
 * a power cut may leave (see disk.py). Loaded with LD_PRELOAD; compiled by the test.
 *
 * Every call that changes a file or a folder under $POWERCUT_ROOT, every fsync and
 * fdatasync, and every write to standard output (where a station says what it has
 * acknowledged) is appended to $POWERCUT_LOG as one record: a header line
 * "OP pid a b c d length\n" and `length` bytes (names or data). One write(2) per
 * record on an O_APPEND file keeps records whole and in the order they happened.
 * Files are named by inode, so a temporary file renamed into place keeps its identity.
 *
 *   W ino offset -  -  n + data     write/pwrite of n bytes at offset
 *   T ino size   -  -  0            ftruncate
 *   S ino isdir  -  -  0            fsync or fdatasync
 *   C parent ino -  -  n + name     a file created by open(O_CREAT)
 *   M parent ino -  -  n + name     mkdir
 *   L parent ino -  -  n + name     link: a new name for ino
 *   U parent ino -  -  n + name     unlink or rmdir
 *   R from ino to replaced n + "old\0new"   rename (replaced: inode it took the name of, or 0)
 *   K -  -  -  -  n + data          written to standard output
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static int log_fd = -1;
static char root[PATH_MAX];
static size_t root_len;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int busy; /* our own calls are not the process's */

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static int (*real_ftruncate64)(int, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_renameat2)(int, const char *, int, const char *, unsigned int);
static int (*real_link)(const char *, const char *);
static int (*real_linkat)(int, const char *, int, const char *, int);
static int (*real_unlink)(const char *);
static int (*real_unlinkat)(int, const char *, int);
static int (*real_rmdir)(const char *);
static int (*real_mkdir)(const char *, mode_t);
static int (*real_mkdirat)(int, const char *, mode_t);

#define REAL(name) real_##name = dlsym(RTLD_NEXT, #name)

__attribute__((constructor)) static void start(void) {
    REAL(write); REAL(pwrite64); REAL(writev); REAL(open64); REAL(openat64);
    REAL(ftruncate64); REAL(fsync); REAL(fdatasync); REAL(rename); REAL(renameat);
    REAL(renameat2); REAL(link); REAL(linkat); REAL(unlink); REAL(unlinkat); REAL(rmdir);
    REAL(mkdir); REAL(mkdirat);
    const char *log = getenv("POWERCUT_LOG");
    const char *top = getenv("POWERCUT_ROOT");
    if (!log || !top || !realpath(top, root)) return;
    root_len = strlen(root);
    log_fd = real_open64(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
}

static void emit(char op, long long a, long long b, long long c, long long d,
                 const void *data, size_t n, const void *more, size_t m) {
    char head[160];
    int h = snprintf(head, sizeof head, "%c %d %lld %lld %lld %lld %zu\n", op, (int)getpid(),
                     a, b, c, d, n + m);
    char *buffer = malloc(h + n + m);
    if (!buffer) abort(); /* a record lost would make the trace lie */
    memcpy(buffer, head, h);
    if (n) memcpy(buffer + h, data, n);
    if (m) memcpy(buffer + h + n, more, m);
    pthread_mutex_lock(&lock);
    size_t done = 0, all = h + n + m;
    while (done < all) {
        ssize_t w = real_write(log_fd, buffer + done, all - done);
        if (w <= 0) abort();
        done += w;
    }
    pthread_mutex_unlock(&lock);
    free(buffer);
}

static int under_root(const char *path) {
    return strncmp(path, root, root_len) == 0 && (path[root_len] == '/' || path[root_len] == 0);
}

/* The inode of an open file under the root (0 if it is elsewhere). */
static ino_t tracked_fd(int fd, int *isdir) {
    char link[64], target[PATH_MAX];
    if (log_fd < 0 || busy) return 0;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0) return 0;
    target[n] = 0;
    if (!under_root(target)) return 0;
    struct stat st;
    if (fstat(fd, &st) != 0) return 0;
    if (isdir) *isdir = S_ISDIR(st.st_mode);
    return st.st_ino;
}

/* The folder (resolved) and last component of `path` as seen from `dirfd`. */
struct place { int ok; ino_t parent; char name[NAME_MAX + 1]; char full[PATH_MAX * 2]; };

static struct place where(int dirfd, const char *path) {
    struct place p = {0};
    char copy[PATH_MAX * 2], base[PATH_MAX * 2], joined[PATH_MAX * 2];
    if (log_fd < 0 || busy || !path) return p;
    if (path[0] == '/' || dirfd == AT_FDCWD) {
        if (path[0] == '/') snprintf(joined, sizeof joined, "%s", path);
        else {
            char cwd[PATH_MAX];
            if (!getcwd(cwd, sizeof cwd)) return p;
            snprintf(joined, sizeof joined, "%s/%s", cwd, path);
        }
    } else {
        char link[64], target[PATH_MAX];
        snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n <= 0) return p;
        target[n] = 0;
        snprintf(joined, sizeof joined, "%s/%s", target, path);
    }
    snprintf(copy, sizeof copy, "%s", joined);
    snprintf(base, sizeof base, "%s", joined);
    char *folder = dirname(copy), *name = basename(base);
    char resolved[PATH_MAX];
    if (!realpath(folder, resolved) || !under_root(resolved)) return p;
    struct stat st;
    if (stat(resolved, &st) != 0) return p;
    p.ok = 1;
    p.parent = st.st_ino;
    snprintf(p.name, sizeof p.name, "%s", name);
    snprintf(p.full, sizeof p.full, "%s/%s", resolved, name);
    return p;
}

static ino_t inode_of(const char *full) {
    struct stat st;
    return lstat(full, &st) == 0 ? st.st_ino : 0;
}

static off_t position(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && (flags & O_APPEND)) {
        struct stat st;
        return fstat(fd, &st) == 0 ? st.st_size : 0;
    }
    return lseek(fd, 0, SEEK_CUR);
}

/* -- writing data ---------------------------------------------------------------- */

ssize_t write(int fd, const void *data, size_t n) {
    ino_t ino = tracked_fd(fd, NULL);
    off_t at = ino ? position(fd) : 0;
    ssize_t w = real_write(fd, data, n);
    if (w > 0 && ino) emit('W', ino, at, 0, 0, data, w, NULL, 0);
    if (w > 0 && fd == 1 && log_fd >= 0 && !busy) emit('K', 0, 0, 0, 0, data, w, NULL, 0);
    return w;
}

static ssize_t positioned(int fd, const void *data, size_t n, off_t at) {
    ino_t ino = tracked_fd(fd, NULL);
    ssize_t w = real_pwrite64(fd, data, n, at);
    if (w > 0 && ino) emit('W', ino, at, 0, 0, data, w, NULL, 0);
    return w;
}
ssize_t pwrite(int fd, const void *data, size_t n, off_t at) { return positioned(fd, data, n, at); }
ssize_t pwrite64(int fd, const void *data, size_t n, off_t at) { return positioned(fd, data, n, at); }

ssize_t writev(int fd, const struct iovec *iov, int count) {
    ino_t ino = tracked_fd(fd, NULL);
    off_t at = ino ? position(fd) : 0;
    ssize_t w = real_writev(fd, iov, count);
    if (w > 0 && (ino || fd == 1)) {
        char *flat = malloc(w);
        if (!flat) abort();
        size_t done = 0;
        for (int i = 0; i < count && done < (size_t)w; i++) {
            size_t take = iov[i].iov_len < (size_t)w - done ? iov[i].iov_len : (size_t)w - done;
            memcpy(flat + done, iov[i].iov_base, take);
            done += take;
        }
        if (ino) emit('W', ino, at, 0, 0, flat, w, NULL, 0);
        if (fd == 1 && log_fd >= 0 && !busy) emit('K', 0, 0, 0, 0, flat, w, NULL, 0);
        free(flat);
    }
    return w;
}

static int cut(int fd, off_t size) {
    ino_t ino = tracked_fd(fd, NULL);
    int r = real_ftruncate64(fd, size);
    if (r == 0 && ino) emit('T', ino, size, 0, 0, NULL, 0, NULL, 0);
    return r;
}
int ftruncate(int fd, off_t size) { return cut(fd, size); }
int ftruncate64(int fd, off_t size) { return cut(fd, size); }

static int flush(int fd, int (*real)(int)) {
    int isdir = 0;
    ino_t ino = tracked_fd(fd, &isdir);
    int r = real(fd);
    if (r == 0 && ino) emit('S', ino, isdir, 0, 0, NULL, 0, NULL, 0);
    return r;
}
int fsync(int fd) { return flush(fd, real_fsync); }
int fdatasync(int fd) { return flush(fd, real_fdatasync); }

/* -- names ------------------------------------------------------------------------- */

static int opened(int dirfd, const char *path, int flags, mode_t mode) {
    struct place p = (flags & O_CREAT) ? where(dirfd, path) : (struct place){0};
    int existed = p.ok && inode_of(p.full) != 0;
    busy++;
    int fd = dirfd == AT_FDCWD ? real_open64(path, flags, mode)
                               : real_openat64(dirfd, path, flags, mode);
    busy--;
    if (fd >= 0 && p.ok && !existed) {
        struct stat st;
        if (fstat(fd, &st) == 0) emit('C', p.parent, st.st_ino, 0, 0, p.name, strlen(p.name), NULL, 0);
    }
    if (fd >= 0 && (flags & O_TRUNC) && existed) {
        ino_t ino = tracked_fd(fd, NULL);
        if (ino) emit('T', ino, 0, 0, 0, NULL, 0, NULL, 0);
    }
    return fd;
}

static mode_t mode_of(int flags, va_list ap) {
    return (flags & (O_CREAT | O_TMPFILE)) ? va_arg(ap, mode_t) : 0;
}
int open(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t m = mode_of(flags, ap); va_end(ap);
    return opened(AT_FDCWD, path, flags, m);
}
int open64(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t m = mode_of(flags, ap); va_end(ap);
    return opened(AT_FDCWD, path, flags, m);
}
int openat(int dirfd, const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t m = mode_of(flags, ap); va_end(ap);
    return opened(dirfd, path, flags, m);
}
int openat64(int dirfd, const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t m = mode_of(flags, ap); va_end(ap);
    return opened(dirfd, path, flags, m);
}
int creat(const char *path, mode_t mode) { return opened(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode); }
int creat64(const char *path, mode_t mode) { return opened(AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode); }

static int renamed(int olddir, const char *old, int newdir, const char *new, unsigned flags) {
    struct place from = where(olddir, old), to = where(newdir, new);
    ino_t ino = from.ok ? inode_of(from.full) : 0;
    ino_t replaced = to.ok ? inode_of(to.full) : 0;
    busy++;
    int r = real_renameat2 ? real_renameat2(olddir, old, newdir, new, flags)
                           : real_renameat(olddir, old, newdir, new);
    busy--;
    if (r == 0 && from.ok && to.ok) {
        char names[2 * (NAME_MAX + 1)];
        size_t a = strlen(from.name), b = strlen(to.name);
        memcpy(names, from.name, a + 1);
        memcpy(names + a + 1, to.name, b);
        emit('R', from.parent, ino, to.parent, replaced, names, a + 1 + b, NULL, 0);
    }
    return r;
}
int rename(const char *old, const char *new) { return renamed(AT_FDCWD, old, AT_FDCWD, new, 0); }
int renameat(int od, const char *old, int nd, const char *new) { return renamed(od, old, nd, new, 0); }
int renameat2(int od, const char *old, int nd, const char *new, unsigned f) { return renamed(od, old, nd, new, f); }

static int linked(int olddir, const char *old, int newdir, const char *new, int flags) {
    struct place from = where(olddir, old), to = where(newdir, new);
    ino_t ino = from.ok ? inode_of(from.full) : 0;
    busy++;
    int r = real_linkat(olddir, old, newdir, new, flags);
    busy--;
    if (r == 0 && to.ok) emit('L', to.parent, ino, 0, 0, to.name, strlen(to.name), NULL, 0);
    return r;
}
int link(const char *old, const char *new) { return linked(AT_FDCWD, old, AT_FDCWD, new, 0); }
int linkat(int od, const char *old, int nd, const char *new, int f) { return linked(od, old, nd, new, f); }

static int removed(int dirfd, const char *path, int flags) {
    struct place p = where(dirfd, path);
    ino_t ino = p.ok ? inode_of(p.full) : 0;
    busy++;
    int r = real_unlinkat(dirfd, path, flags);
    busy--;
    if (r == 0 && p.ok) emit('U', p.parent, ino, 0, 0, p.name, strlen(p.name), NULL, 0);
    return r;
}
int unlink(const char *path) { return removed(AT_FDCWD, path, 0); }
int unlinkat(int dirfd, const char *path, int flags) { return removed(dirfd, path, flags); }
int rmdir(const char *path) { return removed(AT_FDCWD, path, AT_REMOVEDIR); }

static int made(int dirfd, const char *path, mode_t mode) {
    struct place p = where(dirfd, path);
    busy++;
    int r = real_mkdirat(dirfd, path, mode);
    busy--;
    if (r == 0 && p.ok) emit('M', p.parent, inode_of(p.full), 0, 0, p.name, strlen(p.name), NULL, 0);
    return r;
}
int mkdir(const char *path, mode_t mode) { return made(AT_FDCWD, path, mode); }
int mkdirat(int dirfd, const char *path, mode_t mode) { return made(dirfd, path, mode); }
