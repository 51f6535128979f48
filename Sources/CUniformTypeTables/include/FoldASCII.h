#ifndef FOLD_ASCII_H
#define FOLD_ASCII_H

/// Copies `count` bytes from `source` to `destination` with the ASCII
/// capitals made lower case; other bytes are copied as they are.
///
/// One function, not a loop at every place a key is folded: each such loop
/// is compiled (and vectorized) on its own, and a process's first type
/// query, which folds several keys, would page in the code of each.
void dk_fold_ascii(unsigned char *destination, const unsigned char *source, long count);

/// `byte` with an ASCII capital made lower case: the rule every fold here
/// follows.
static inline unsigned char dk_fold_byte(unsigned char byte) {
    return (unsigned char)(byte - 'A') < 26u ? (unsigned char)(byte | 0x20) : byte;
}

#endif
