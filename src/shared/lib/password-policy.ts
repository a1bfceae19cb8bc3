/** Password length bounds (ASVS 6.2.1, 6.2.9). The upper bound is enforced before hashing. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
