// What the add and edit pages share: the form's values and touched fields, the category list with its
// "new category" editor, and the reviewed fields as they are sent (trimmed).
import { useState, type FormEvent } from 'react';
import { CategoryEditor } from '../categories/CategoryEditor';
import type { FieldErrors } from '../validation';
import type { DocumentFormValues } from './DocumentForm';
import { useCategories } from './useCategories';

type Touched = Partial<Record<keyof FieldErrors, boolean>>;

/** `initial` may arrive later (the edit page loads the document): the caller sets it with setValues. */
export function useDocumentForm<V extends DocumentFormValues | null>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Touched>({});
  const [catEditor, setCatEditor] = useState(false);
  const cats = useCategories();

  const change = (patch: Partial<DocumentFormValues>) => {
    setValues((v) => (v ? { ...v, ...patch } : v));
    setTouched((tch) => ({ ...tch, ...Object.fromEntries(Object.keys(patch).map((k) => [k, true])) }));
  };

  const categoryEditor = (
    <CategoryEditor
      open={catEditor}
      startInCreate
      onClose={() => setCatEditor(false)}
      onChanged={cats.reload}
      onPicked={(c) => {
        cats.reload();
        change({ categoryId: c.ID });
      }}
    />
  );

  return {
    values,
    setValues,
    touched,
    setTouched,
    change,
    cats,
    categoryEditor,
    /** the props DocumentForm takes from here (mode, errors and the steps are the page's) */
    fieldProps: { onChange: change, touched, categories: cats.categories, onAddCategory: () => setCatEditor(true) },
  };
}

/** A form's submit handler without the browser's own submission. */
export const onSubmitted = (submit: () => void) => (e: FormEvent) => {
  e.preventDefault();
  submit();
};

/** The free-text fields as the API takes them: trimmed, the reviewed text as it is. */
export function sentFields(v: DocumentFormValues) {
  return {
    fileName: v.fileName.trim(),
    description: v.description.trim(),
    isActive: v.isActive,
    fallbackContact: v.fallbackContact.trim(),
    contents: v.contents,
  };
}
