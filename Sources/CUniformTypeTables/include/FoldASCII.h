#ifndef FOLD_ASCII_H
#define FOLD_ASCII_H

/// Copies `count` bytes from `source` to `destination` with the ASCII
/// capitals made lower case: one loop for every caller.
void dk_fold_ascii(unsigned char *destination, const unsigned char *source, long count);

/// `byte` with an ASCII capital made lower case: the rule every fold here
/// follows.
static inline unsigned char dk_fold_byte(unsigned char byte) {
    return (unsigned char)(byte - 'A') < 26u ? (unsigned char)(byte | 0x20) : byte;
}

#endif
