#ifndef UNIFORM_TYPE_TABLES_H
#define UNIFORM_TYPE_TABLES_H

#include <stdint.h>
#include "LineIndex.h"
#include "MIMECacheWalk.h"
#include "MappedFile.h"
#include "FoldASCII.h"
#include "GlobLines.h"

// The built-in type table of UniformTypes (SystemTypes.c) and its hash
// slots (UniformTypeTables.c, generated from it by
// scripts/generate-system-type-index), as constant data a first query
// reads in place.

/// The number of built-in types.
long dk_system_entry_count(void);

/// The fields of every entry, five per entry, NUL-terminated: identifier,
/// parents, MIME types, filename extensions (lists separated by spaces),
/// description. Field `f` of entry `e` is at `5 * e + f`.
const char *const *dk_system_fields(void);
/// The length in bytes of each field, in the same order.
const uint16_t *dk_system_field_lengths(void);

/// Open-addressing slots by folded identifier hash: entry + 1, or 0.
const int16_t *dk_system_identifier_slots(void);
long dk_system_identifier_slot_count(void);

/// Slots by folded MIME tag hash: entry + 1 << 32 | offset << 16 | length
/// of the tag in the entry's MIME list, or 0.
const int64_t *dk_system_tag_slots(void);
long dk_system_tag_slot_count(void);

/// The same for filename extension tags.
const int64_t *dk_system_extension_slots(void);
long dk_system_extension_slot_count(void);

/// Every entry's parents as entry numbers, in the table's order: entry
/// `e`'s are `dk_system_parent_entries()[starts[e]..<starts[e + 1]]`, with
/// `starts` from `dk_system_parent_starts()` (one more than the entries).
const uint16_t *dk_system_parent_starts(void);
const int16_t *dk_system_parent_entries(void);

/// freedesktop MIME types that stand for a system type, as pairs (MIME
/// type, identifier), flattened.
const char *const *dk_freedesktop_equivalents(void);
long dk_freedesktop_equivalent_count(void);

/// freedesktop types that are a kind of a system type, as pairs (MIME
/// type, identifier), flattened.
const char *const *dk_freedesktop_parents(void);
long dk_freedesktop_parent_count(void);

#endif
