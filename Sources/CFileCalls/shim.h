// File system calls the platform's Swift module does not export: extended
// attributes (<sys/xattr.h>) and, on Linux, renameat2 (swap two names, or
// rename without replacing). Both are in the C library; nothing extra links.
#include <sys/types.h>
#include <sys/xattr.h>

#ifdef __linux__
#include <stdio.h>
// glibc declares renameat2 only with _GNU_SOURCE (glibc 2.28 and later).
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#define TILEDIT_RENAME_NOREPLACE 1
#define TILEDIT_RENAME_EXCHANGE 2
#endif
