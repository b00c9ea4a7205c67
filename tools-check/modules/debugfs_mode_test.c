// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs_mode_test - a debugfs user that asks for the permissions the
 * series takes away, so that the guest checks can see what debugfs does
 * with them: a world-writable file, group-writable integers created from a
 * loop (one call site, several files), a directory and a symlink.
 */
#include <linux/module.h>
#include <linux/debugfs.h>
#include <linux/fs.h>

static struct dentry *dir;
static u32 values[3];
static char buf[16] = "hello\n";

static ssize_t buf_read(struct file *file, char __user *ubuf, size_t len,
			loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, len, ppos, buf, strlen(buf));
}

static const struct file_operations buf_fops = {
	.owner	= THIS_MODULE,
	.read	= buf_read,
};

static int __init debugfs_mode_test_init(void)
{
	char name[8];
	int i;

	dir = debugfs_create_dir("debugfs_mode_test", NULL);
	debugfs_create_file("world_writable", 0666, dir, NULL, &buf_fops);
	debugfs_create_file("readable", 0444, dir, NULL, &buf_fops);
	for (i = 0; i < ARRAY_SIZE(values); i++) {
		snprintf(name, sizeof(name), "u32_%d", i);
		debugfs_create_u32(name, 0664, dir, &values[i]);
	}
	debugfs_create_symlink("link", dir, "readable");
	return 0;
}

static void __exit debugfs_mode_test_exit(void)
{
	debugfs_remove(dir);
}

module_init(debugfs_mode_test_init);
module_exit(debugfs_mode_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Creates debugfs entries with group/other permissions, for tests");
