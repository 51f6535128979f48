#include "FoldASCII.h"

void dk_fold_ascii(unsigned char *destination, const unsigned char *source, long count) {
    for (long index = 0; index < count; index += 1) {
        unsigned char byte = source[index];
        destination[index] = (unsigned char)(byte - 'A') < 26u ? (unsigned char)(byte | 0x20) : byte;
    }
}
