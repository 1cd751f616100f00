#!/usr/bin/perl
# The conventions of include/hitkit.h that a compiler does not check (run by check-header.sh):
#
#   user-data  Every function taking a `void *user_data` takes `hk_destroy_notify destroy` as its
#              last parameter, so that each stored pointer can be freed when HitKit lets go of it.
#   enum-out   An enum whose comment names a function that writes integers through pointers has a
#              type (`typedef int32_t hk_T; enum { ... }`), and that function writes it through an
#              `hk_T *` (not an `int32_t *` with values of its own).
#   enum-type  An enum written through a pointer is `typedef int32_t hk_T`, never `typedef enum
#              {...} hk_T`, whose size is the compiler's choice (-fshort-enums makes it 1 byte) while
#              the library writes 4; the one enum declared that way before the rule, kept for the
#              programs built against it, is listed below with the check that holds its size.
#   enum-test  Every function writing an enum type through a pointer is called in the C client's
#              test_enum_outputs (Tests/CClient/client.c), which checks that the values written are
#              the enum's. Given with --client FILE.
#
# usage: header-conventions.pl HEADER [--client CLIENT.c]     exit 1 and one line per break.
use strict;
use warnings;

my ($header, $flag, $client) = @ARGV;
die "usage: $0 HEADER [--client FILE]\n" unless defined $header && (!defined $flag || ($flag eq '--client' && defined $client));
my $raw = do { local $/; open my $f, '<', $header or die "$header: $!\n"; <$f> };

# Declarations: comments and preprocessor lines dropped, then every piece between ; { } that
# looks like `[static inline] [const] TYPE [*] hk_name(PARAMS)`.
(my $code = $raw) =~ s{/\*.*?\*/}{ }gs;
$code =~ s{^\s*#.*$}{}mg;
my %params;
for my $piece (split /[;{}]/, $code) {
    $piece =~ s/\s+/ /g;
    next unless $piece =~ /^\s*(?:static inline )?(?:const )?(\w+) ?\*? ?(hk_\w+) ?\((.*)\)\s*$/;
    my ($type, $name, $list) = ($1, $2, $3);
    next if $type eq 'return' || $type eq 'typedef';
    $params{$name} = [map { s/^\s+|\s+$//gr } split /,/, $list];
}

my %enums;    # enum type => the comment before its typedef
my @anonymous;    # [first constant, comment] of each enum with no type
while ($raw =~ m{(?:/\*\*((?:(?!\*/).)*)\*/\s*)?(?:typedef\s+int32_t\s+(hk_\w+)\s*;\s*)?enum\s*\{\s*(\w+)}gs) {
    if (defined $2) { $enums{$2} = $1 // '' } else { push @anonymous, [$3, $1 // ''] }
}
# `typedef enum { ... } hk_T;`: an enum type too, for the other rules, and a break of enum-type
# when written through a pointer, unless kept: retyping a kept one would change the type C++
# and Swift programs built against it see.
my %kept_typedef_enums = (hk_snapshot_answer => 'hk__snapshot_answer_is_4_bytes');
my @typedef_enums;
while ($raw =~ m{(?:/\*\*((?:(?!\*/).)*)\*/\s*)?typedef\s+enum\s*(?:\w+\s*)?\{[^{}]*\}\s*(hk_\w+)\s*;}gs) {
    $enums{$2} = $1 // '';
    push @typedef_enums, $2;
}

my @breaks;
for my $name (sort keys %params) {
    my @p = @{$params{$name}};
    if (grep { /\bvoid \*\s*user_data$/ } @p) {
        push @breaks, "user-data: $name stores user_data but its last parameter is '$p[-1]', not 'hk_destroy_notify destroy'"
            unless $p[-1] =~ /^hk_destroy_notify destroy$/;
    }
}

# The integer or enum outputs of a function: non-const pointers to int32_t, uint32_t, int or an enum.
sub integer_outputs {
    my ($name) = @_;
    return map { /^(\w+) ?\*/ ? ($1) : () }
        grep { !/^const / && /^(int32_t|uint32_t|int|hk_\w+) ?\* ?\w+$/ && (!/^hk_/ || /^(\w+)/ && exists $enums{$1}) }
        @{$params{$name}};
}

for my $enum (sort keys %enums) {
    my %named = map { $_ => 1 } grep { exists $params{$_} } ($enums{$enum} =~ /\b(hk_\w+)\b/g);
    for my $name (sort keys %named) {
        my @outs = integer_outputs($name);
        next unless @outs;
        push @breaks, "enum-out: $enum names $name as a user, but $name writes " . join(', ', map { "$_ *" } @outs)
            unless grep { $_ eq $enum } @outs;
    }
}

for my $enum (@typedef_enums) {
    my @writers = grep { my $n = $_; grep { $_ eq $enum } integer_outputs($n) } sort keys %params;
    next unless @writers;
    if (my $check = $kept_typedef_enums{$enum}) {
        push @breaks, "enum-type: $enum is kept as a typedef enum, but the header lacks $check, the check of its size"
            unless $raw =~ /\b\Q$check\E\b/;
        next;
    }
    push @breaks, "enum-type: $enum is a typedef enum written through a pointer by " . join(', ', @writers)
        . ": its size is the compiler's choice; make it `typedef int32_t $enum; enum { ... }`";
}

# An enum without a type cannot be what a function writes: C users could not tell.
for my $enum (@anonymous) {
    my ($constant, $comment) = @$enum;
    for my $name (grep { exists $params{$_} && integer_outputs($_) } ($comment =~ /\b(hk_\w+)\b/g)) {
        push @breaks, "enum-out: the enum of $constant names $name, which writes "
            . join(', ', map { "$_ *" } integer_outputs($name)) . ": give the enum a typedef and write that";
    }
}

if (defined $client) {
    my $text = do { local $/; open my $f, '<', $client or die "$client: $!\n"; <$f> };
    my ($body) = $text =~ /\bvoid test_enum_outputs\(void\)\s*\{(.*?)\n\}/s;
    push @breaks, "enum-test: $client has no test_enum_outputs" unless defined $body;
    $body //= '';
    # The public functions: an hk__ entry point is what its static inline wrapper calls.
    for my $name (grep { !/^hk__/ } sort keys %params) {
        for my $enum (grep { exists $enums{$_} } integer_outputs($name)) {
            push @breaks, "enum-test: $name writes $enum but test_enum_outputs never calls it"
                unless $body =~ /\b\Q$name\E\(/;
        }
    }
}

print "$_\n" for @breaks;
exit(@breaks ? 1 : 0);
