import type { ComponentProps } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { controlClasses, useFieldControlProps } from '../../../components/ui/field.tsx';

/**
 * A multi-line text control with the kit's look, for a Field (label, hint and error wiring come
 * from the Field). register() spreads onto it.
 */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  const wired = useFieldControlProps(props);
  return <textarea rows={rows} {...wired} className={cn(controlClasses, 'kitv:h-auto kitv:min-h-24 kitv:resize-y kitv:py-2 kitv:leading-normal', className)} />;
}
