/** The greeting is hard-coded to evening and shouts the first name (docs/product.md section 2). */
export const greetingFor = (firstName: string) => `Good Evening, ${firstName.toUpperCase()}`;
