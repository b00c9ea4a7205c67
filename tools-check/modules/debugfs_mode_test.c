// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs_mode_test - a debugfs user that asks for the permissions the
 * series takes away, so that the guest checks can see what debugfs does
 * with them: a world-writable file, group-writable integers created from a
 * loop (one call site, several files), a directory and a symlink.
 *
 * It also makes debugfs entries in the context of an unprivileged task, the
 * way KVM makes kvm/<pid>-<fd> for the user that runs a VM: a write to the
 * character device /dev/debugfs_mode_test (0666) creates and looks up the
 * directory debugfs_mode_test/made-<pid> as the writer and removes it; the
 * write fails with the errno debugfs gave.
 */
#include <linux/module.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/sched.h>

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

static ssize_t maker_write(struct file *file, const char __user *ubuf,
			   size_t len, loff_t *ppos)
{
	struct dentry *made, *found;
	char name[24];

	snprintf(name, sizeof(name), "made-%d", task_pid_nr(current));
	made = debugfs_create_dir(name, dir);
	if (IS_ERR(made))
		return PTR_ERR(made);
	found = debugfs_lookup(name, dir);
	debugfs_remove(made);
	if (!found)
		return -ENOENT;
	dput(found);
	return len;
}

static const struct file_operations maker_fops = {
	.owner	= THIS_MODULE,
	.write	= maker_write,
};

static struct miscdevice maker = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "debugfs_mode_test",
	.fops	= &maker_fops,
	.mode	= 0666,
};

static int __init debugfs_mode_test_init(void)
{
	char name[8];
	int i, ret;

	dir = debugfs_create_dir("debugfs_mode_test", NULL);
	debugfs_create_file("world_writable", 0666, dir, NULL, &buf_fops);
	debugfs_create_file("readable", 0444, dir, NULL, &buf_fops);
	for (i = 0; i < ARRAY_SIZE(values); i++) {
		snprintf(name, sizeof(name), "u32_%d", i);
		debugfs_create_u32(name, 0664, dir, &values[i]);
	}
	debugfs_create_symlink("link", dir, "readable");
	ret = misc_register(&maker);
	if (ret)
		debugfs_remove(dir);
	return ret;
}

static void __exit debugfs_mode_test_exit(void)
{
	misc_deregister(&maker);
	debugfs_remove(dir);
}

module_init(debugfs_mode_test_init);
module_exit(debugfs_mode_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Creates debugfs entries with group/other permissions, for tests");
