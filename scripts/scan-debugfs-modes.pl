#!/usr/bin/perl
# scan-debugfs-modes.pl [--built BUILD_DIR] TREE: list every debugfs_create_*
# call in TREE whose mode grants group or other write permission, including
# calls spread over several lines and modes given by macros (S_IWUGO,
# 0666, a #define in the same file). Prints file:line, the call and the
# mode, then a count. With --built, marks calls in files that BUILD_DIR
# compiled (those the guest kernel contains).
use strict;
use warnings;
use File::Find;
use Getopt::Long;

my $built;
GetOptions('built=s' => \$built) or die "usage: $0 [--built BUILD_DIR] TREE\n";
my $tree = shift or die "usage: $0 [--built BUILD_DIR] TREE\n";
-d $tree or die "ERROR: $tree is not a directory\n";

my %sym = (
	S_IRWXU => 0700, S_IRUSR => 0400, S_IWUSR => 0200, S_IXUSR => 0100,
	S_IRWXG => 0070, S_IRGRP => 0040, S_IWGRP => 0020, S_IXGRP => 0010,
	S_IRWXO => 0007, S_IROTH => 0004, S_IWOTH => 0002, S_IXOTH => 0001,
	S_IRWXUGO => 0777, S_IALLUGO => 07777, S_IRUGO => 0444,
	S_IWUGO => 0222, S_IXUGO => 0111,
);

# Evaluate a mode expression: octal/decimal literals, S_* names, local
# #defines, | and parentheses. Returns undef when it cannot tell.
sub mode_value {
	my ($expr, $defs, $depth) = @_;
	return undef if ($depth // 0) > 5;
	my $v = 0;
	$expr =~ s/[()]//g;
	$expr =~ s/\(umode_t\)//g;
	for my $t (split /\s*[|+]\s*/, $expr) {
		$t =~ s/^\s+|\s+$//g;
		next if $t eq '';
		if ($t =~ /^0[0-7]*$/) { $v |= oct($t) }
		elsif ($t =~ /^[1-9][0-9]*$/) { $v |= $t }
		elsif (exists $sym{$t}) { $v |= $sym{$t} }
		elsif (exists $defs->{$t}) {
			my $d = mode_value($defs->{$t}, $defs, ($depth // 0) + 1);
			return undef unless defined $d;
			$v |= $d;
		} else { return undef }
	}
	return $v;
}

# The mode is the second argument of every debugfs_create_* that takes one.
my %no_mode = map { $_ => 1 } qw(debugfs_create_dir debugfs_create_symlink
	debugfs_create_automount debugfs_create_devm_seqfile);

my @hits;
my $files = 0;
find({ no_chdir => 1, wanted => sub {
	# The kernel build directories inside the tree (build, build-debug).
	if (-d $_ && $File::Find::dir eq $tree && m{/build(-\w+)?$}) {
		$File::Find::prune = 1;
		return;
	}
	return unless /\.[ch]$/ && -f $_;
	my $path = $File::Find::name;
	open(my $fh, '<', $path) or return;
	local $/;
	my $src = <$fh>;
	close $fh;
	return unless $src =~ /debugfs_create_/;
	# Blank out comments, keeping line numbers.
	$src =~ s{/\*.*?\*/}{(my $c = $&) =~ s/[^\n]/ /g; $c}gse;
	$src =~ s{//[^\n]*}{}g;
	$files++;
	my %defs;
	while ($src =~ /^#\s*define\s+(\w+)\s+([^\n]+)$/mg) { $defs{$1} = $2 }
	while ($src =~ /\b(debugfs_create_\w+)\s*\(/g) {
		my ($fn, $start) = ($1, $-[0]);
		next if $no_mode{$fn};
		my $line = 1 + (substr($src, 0, $start) =~ tr/\n//);
		# Collect the argument list up to the matching parenthesis.
		my ($depth, $i, $args) = (1, pos($src), '');
		while ($i < length($src) && $depth > 0) {
			my $c = substr($src, $i++, 1);
			$depth++ if $c eq '(';
			$depth-- if $c eq ')';
			$args .= $c if $depth > 0;
		}
		next if substr($src, $start - 20 > 0 ? $start - 20 : 0, 20) =~ /(struct dentry \*|void|define)\s*$/;
		my @a;
		my ($d, $cur) = (0, '');
		for my $c (split //, $args) {
			if ($c eq ',' && $d == 0) { push @a, $cur; $cur = ''; next }
			$d++ if $c eq '(';
			$d-- if $c eq ')';
			$cur .= $c;
		}
		push @a, $cur;
		next unless @a >= 2;
		(my $mode = $a[1]) =~ s/\s+/ /g;
		$mode =~ s/^ | $//g;
		my $v = mode_value($mode, \%defs);
		next unless defined $v && ($v & 0022);
		(my $rel = $path) =~ s{^\Q$tree\E/?}{};
		my $in_guest = '';
		if ($built) {
			(my $o = $rel) =~ s/\.c$/.o/;
			$in_guest = -f "$built/$o" ? 'built' : '';
		}
		push @hits, sprintf("%s:%d\t%s\t%s (%04o)\t%s", $rel, $line, $fn, $mode, $v, $in_guest);
	}
}}, $tree);

sub by_place {
	my ($fa, $la) = $a =~ /^([^:]*):(\d+)/;
	my ($fb, $lb) = $b =~ /^([^:]*):(\d+)/;
	return $fa cmp $fb || $la <=> $lb;
}
print "$_\n" for sort by_place @hits;
my $n_built = grep { /\tbuilt$/ } @hits;
printf "# %d debugfs_create_* calls with group/other write permission in %d files that use debugfs%s\n",
	scalar(@hits), $files, $built ? ", $n_built in the guest kernel" : '';
